(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-73-6d.js"]={"small":"o|'s'","small_cpu_run":"oqa/","smallcnn":"o|+s+","smith":"}oa/","smooth":"j{++zi'","smooth_l1_loss":"hfa+"};
