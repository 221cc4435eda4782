(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-79-6f.js"]={"yode":"}oa;","yon":"}oa/","you":"/`ca/pb0$$$$$$$$$$$$$$$$$$$$$$$$$$$li/~/`bGac/~/oa/oa/~/aa/ma/~/","your":"asa/bd/"};
