(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-73-6d.js"]={"small":"tba's'","small_cpu_run":"tva/","smallcnn":"tba+s+","smith":"cua/","smooth":"oaa++zi'","smooth_l1_loss":"mka+"};
